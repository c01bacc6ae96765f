"""The dogmas of the 105 cards, one module per age; importing this package registers them all."""

from . import age1, age2, age3, age4, age5, age6, age7, age8, age9, age10  # noqa: F401
