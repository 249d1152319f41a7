"""``phiscrub serve``: de-identification as a service (FastAPI and uvicorn, the ``serve``
extra). See ``phiscrub.serve.app``."""
