FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
COPY pyproject.toml README.md ./
COPY apps apps
COPY config config
COPY static static
COPY templates templates
COPY manage.py ./
RUN pip install --no-cache-dir .
# No --proxy-headers: Daphne would believe the left-most X-Forwarded-For entry, which the client writes itself.
# The app reads the header from the right, only from CIVITAS_TRUSTED_PROXIES (apps/accounts/lockout.py).
# config.serve is Daphne with invite tokens cut out of its access log.
CMD ["python", "-m", "config.serve", "-b", "0.0.0.0", "-p", "8000", "config.asgi:application"]
