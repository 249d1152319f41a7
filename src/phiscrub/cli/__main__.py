"""``python -m phiscrub.cli``."""

from phiscrub.cli import main

main()
