# syntax=docker/dockerfile:1

# The rules core compiled to C extension modules with mypyc (setup.py): the same code giving the
# same answers, about twice as fast. Only this stage needs a compiler; the build's own tools come
# from the lock (requirements/build.txt), hashes checked.
FROM python:3.11-slim-bookworm AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc=4:12.2.0-3 libc6-dev=2.36-9+deb12u* \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY requirements/build.txt ./requirements/
RUN pip install --no-cache-dir --require-hashes -r requirements/build.txt
COPY pyproject.toml setup.py ./
COPY service ./service
RUN python setup.py -q build_ext --inplace \
    && python -c "import service.core as c; assert c.COMPILED, 'the core did not compile'"

FROM python:3.11-slim-bookworm

# BAOHUANG_SECRET_FILE is where the session key is kept (in the data volume), not a secret itself.
# hadolint ignore=DL3064
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PYTHONPATH=/app \
    PORT=8000 \
    BAOHUANG_SQLITE_PATH=/data/baohuang.sqlite3 \
    BAOHUANG_SECRET_FILE=/data/baohuang-secret.key

WORKDIR /app
RUN groupadd --system --gid 10001 app \
    && useradd --system --uid 10001 --gid app --home-dir /app --shell /usr/sbin/nologin app \
    && mkdir /data && chown app:app /data

# Dependencies first, in their own layer, from the lock (hashes checked): it changes only when
# requirements/service.txt does.
COPY requirements/service.txt ./requirements/
RUN pip install --no-cache-dir --require-hashes -r requirements/service.txt

COPY --from=build /src/service ./service
COPY migrations ./migrations
COPY gunicorn.conf.py ./
COPY docker/entrypoint.sh /usr/local/bin/baohuang-entrypoint

USER 10001:10001
EXPOSE 8000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/livez' % os.environ.get('PORT', '8000'), timeout=3)"]
ENTRYPOINT ["/usr/local/bin/baohuang-entrypoint"]
