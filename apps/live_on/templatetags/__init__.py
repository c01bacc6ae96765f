"""Template filters for Live On's board, summary and rules page."""
