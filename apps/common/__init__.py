"""Code shared by several apps that belongs to none of them."""
