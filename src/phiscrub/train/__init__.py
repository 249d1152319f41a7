"""Training: every model a pipeline holds, and the pipelines themselves.

- ``members``: ``train crf`` and ``train neural`` (one member, written as a pipeline);
- ``pipeline``: ``train pipeline`` (every member in folds, the ensemble on their
  cross-predictions, the report);
- ``refit``: ``train ensemble`` (the ensemble refit from kept cross-predictions);
- ``encoder``: ``train encoder`` (a pretrained encoder fine-tuned);
- ``augment``: training-time copies of notes (casing, joined lines).

Nothing at run time imports this package.
"""
