"""``phiscrub review``: a self-contained HTML site for a person to check and correct the PHI
found in notes (see ``phiscrub.review.site``)."""

from phiscrub.review.site import Reviewed, write_review_site

__all__ = ["Reviewed", "write_review_site"]
