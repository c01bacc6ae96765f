"""The password hasher the tests' own process uses: Django's PBKDF2 with a thousand rounds instead of a million.

Creating alice or bob took 0.7 s of each test's setup, hashing a password nobody guesses at (Django's testing docs
advise a faster hasher). The algorithm keeps its name, so a site server the browser tests start (with the site's
own hashers) checks these passwords by the rounds written in each hash, as it checks any older hash.
"""

from django.contrib.auth.hashers import PBKDF2PasswordHasher


class QuickPBKDF2PasswordHasher(PBKDF2PasswordHasher):
    iterations = 1_000
