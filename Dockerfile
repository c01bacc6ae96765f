FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
RUN useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin civitas
COPY pyproject.toml README.md constraints.txt ./
COPY apps apps
COPY config config
COPY static static
COPY templates templates
COPY manage.py ./
# constraints.txt pins every package's version, so each build installs the same set.
RUN pip install --no-cache-dir -c constraints.txt .
# Static files, compressed and named by content hash, into /app/staticfiles (served by WhiteNoise). The key only
# lets the production settings load for this step; the site's own comes from the environment at run time.
RUN DJANGO_DEBUG=0 DJANGO_SECRET_KEY=collectstatic-only-not-a-secret python manage.py collectstatic --noinput -v 0
USER civitas
EXPOSE 8000
# No --proxy-headers: Daphne would believe the left-most X-Forwarded-For entry, which the client writes itself.
# The app reads the header from the right, only from CIVITAS_TRUSTED_PROXIES (apps/accounts/lockout.py).
# config.serve is Daphne with invite tokens cut out of its access log.
CMD ["python", "-m", "config.serve", "-b", "0.0.0.0", "-p", "8000", "config.asgi:application"]
