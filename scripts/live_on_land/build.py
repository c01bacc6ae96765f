"""Draws apps/live_on/static/live_on/land.svg, the ground of Live On's region board (the file is what is kept; run
`python3 scripts/live_on_land/build.py` from the repository root to draw it again: the same seed draws the same file).
Drawn by hand in code: it is a handful of pictures of ground (grass tufts, paths, stones), which no picture set has."""

# ruff: noqa: E501, B905 -- long SVG path strings are the drawing itself
import random

R = random.Random(40)
W, H = 300, 200
out = []
views = [
    "grassland",
    "forest",
    "mountains",
    "gather",
    "explore",
    "scout",
    "deepwoods",
    "cave",
    "rest",
    "camp",
    "spot",
    "planks",
]


def f(x):
    return f"{x:.0f}"


def tufts(x0, n, col, ymin=20):
    s = []
    for _ in range(n):
        x, y = x0 + R.uniform(5, W - 5), R.uniform(ymin, H - 5)
        s.append(f"M{f(x)} {f(y)}l-3-7M{f(x)} {f(y)}l1-8M{f(x)} {f(y)}l4-6")
    return f'<path d="{"".join(s)}" stroke="{col}" stroke-width="1.6" fill="none" stroke-linecap="round"/>'


def pine(x, y, s, col):
    return (
        f'<path d="M{f(x)} {f(y - s * 2.6)}l{f(s)} {f(s * 1.3)}h-{f(s * 0.45)}l{f(s * 0.75)} {f(s * 1.0)}h-{f(s * 0.55)}'
        f'l{f(s * 0.7)} {f(s * 0.9)}h-{f(s * 3.9)}l{f(s * 0.7)}-{f(s * 0.9)}h-{f(s * 0.55)}l{f(s * 0.75)}-{f(s * 1.0)}h-{f(s * 0.45)}z" fill="{col}"/>'
        f'<rect x="{f(x - s * 0.15)}" y="{f(y + s * 0.6)}" width="{f(max(2, s * 0.3))}" height="{f(s * 0.5)}" fill="#5a3e22"/>'
    )


def view(i, body, bg):
    x0 = i * W
    out.append(f'<svg x="{x0}" width="{W}" height="{H}"><rect width="{W}" height="{H}" fill="{bg}"/>{body}</svg>')


# 0 grassland: rolling hills, tufts
b = (
    '<path d="M0 70Q60 40 130 62T300 55V200H0z" fill="#b6c97a"/><path d="M0 130Q90 100 170 125T300 118V200H0z" fill="#a4bb65"/>'
    + tufts(0, 40, "#7f9a45")
)
view(0, b, "#c4d48c")
# 1 forest: scattered trees on green
b = '<path d="M0 120Q100 90 200 115T300 105V200H0z" fill="#6e9a5a"/>'
trees = sorted(((R.uniform(8, 292), R.uniform(30, 195)) for _ in range(38)), key=lambda t: t[1])
b += "".join(pine(x, y, R.uniform(6, 10), R.choice(["#2f5a32", "#3a6b3a", "#284d2b"])) for x, y in trees)
view(1, b, "#83ab6c")
# 2 mountains: peaks with snow
b = ""
for px, py, w in [(40, 60, 70), (130, 40, 90), (230, 55, 80), (80, 120, 70), (200, 125, 80), (290, 110, 60)]:
    b += f'<path d="M{px - w} {py + 90}L{px} {py}L{px + w} {py + 90}z" fill="#8e8578"/><path d="M{px} {py}l{w * 0.22:.0f} {20}l-{w * 0.1:.0f} 6l-{w * 0.12:.0f}-7l-{w * 0.1:.0f} 8l-{w * 0.12:.0f}-9z" fill="#f4f1ea"/>'
b += '<path d="M0 175Q150 155 300 172V200H0z" fill="#9d9583"/>'
view(2, b, "#b8b0a2")
# 3 gather: meadow with berry bushes
b = '<path d="M0 90Q80 70 160 88T300 80V200H0z" fill="#a9c46a"/>' + tufts(0, 18, "#7f9a45", 95)
for _ in range(9):
    x, y, r = R.uniform(20, 280), R.uniform(60, 185), R.uniform(10, 16)
    b += f'<circle cx="{f(x)}" cy="{f(y)}" r="{f(r)}" fill="#4f7d3a"/><circle cx="{f(x - r * 0.4)}" cy="{f(y - r * 0.3)}" r="{f(r * 0.7)}" fill="#5f8f45"/>'
    b += "".join(
        f'<circle cx="{f(x + R.uniform(-r * 0.7, r * 0.7))}" cy="{f(y + R.uniform(-r * 0.6, r * 0.6))}" r="2.6" fill="#c0314a"/>'
        for _ in range(4)
    )
view(3, b, "#bcd27f")
# 4 explore: hills with a winding path
b = (
    '<path d="M0 80Q70 50 150 75T300 60V200H0z" fill="#b4c47a"/><path d="M0 140Q100 115 190 140T300 130V200H0z" fill="#a0b466"/>'
    '<path d="M-10 200C60 170 40 140 110 130S190 110 170 80S230 40 310 30" stroke="#d9c48f" stroke-width="13" fill="none" stroke-linecap="round"/>'
    '<path d="M-10 200C60 170 40 140 110 130S190 110 170 80S230 40 310 30" stroke="#b59c5e" stroke-width="2" stroke-dasharray="5 7" fill="none"/>'
    + tufts(0, 16, "#7f9a45", 90)
)
view(4, b, "#c2d18c")
# 5 scout: a rocky hilltop with a cairn
b = (
    '<path d="M0 200L60 110Q150 30 240 100L300 150V200z" fill="#a3a58a"/><path d="M110 70l20-12l25 8l10 18l-30 8z" fill="#8a8a78"/>'
    '<path d="M140 60l6-16l8 2l2 14z" fill="#6f6f62"/><path d="M0 200L40 165Q150 120 260 170L300 200z" fill="#9cb062"/>'
    + tufts(0, 12, "#7f9a45", 160)
)
view(5, b, "#cfd9b0")
# 6 deepwoods: dense dark pines
trees = sorted(((R.uniform(0, 300), R.uniform(15, 205)) for _ in range(60)), key=lambda t: t[1])
b = "".join(pine(x, y, R.uniform(8, 13), R.choice(["#1f3d24", "#28502c", "#1a3320"])) for x, y in trees)
view(6, b, "#3f6b3f")
# 7 cave: rock face with a dark opening
b = (
    '<path d="M0 0H300V150Q240 130 150 140T0 150z" fill="#8b8477"/><path d="M20 30l40-10l30 15l-20 20zM200 25l50 5l20 30l-40 5zM230 95l40 0l10 25l-45 5z" fill="#9d978a"/>'
    '<path d="M95 148Q95 70 150 62T205 148z" fill="#2d2824"/><path d="M0 150Q150 125 300 150V200H0z" fill="#a0a57a"/>'
    + tufts(0, 10, "#7f8a4a", 160)
)
view(7, b, "#9a9385")
# 8 rest: a clearing with a tent
b = (
    '<ellipse cx="150" cy="130" rx="130" ry="55" fill="#cfd7a0"/><path d="M110 150L150 85L190 150z" fill="#a5673a"/><path d="M150 85L140 150h20z" fill="#7a4a28"/>'
    + tufts(0, 16, "#7f9a45", 40)
    + pine(40, 70, 9, "#3a6b3a")
    + pine(262, 60, 10, "#2f5a32")
)
view(8, b, "#b2c777")
# 9 camp: packed earth, campfire ring
b = '<circle cx="150" cy="110" r="70" fill="#d8c08e"/>'
for k in range(10):
    import math

    a = k / 10 * 2 * math.pi
    b += f'<ellipse cx="{f(150 + 26 * math.cos(a))}" cy="{f(112 + 16 * math.sin(a))}" rx="6" ry="4.5" fill="#8f8778"/>'
b += '<path d="M150 78q14 18 4 34q-4-10-8-12q2 8-6 14q-10-16 10-36z" fill="#e9862d"/><path d="M151 96q6 8 0 16q-6-6 0-16z" fill="#f6d04d"/>'
view(9, b, "#e2d2a6")
# 10 spot: a misty clearing with standing stones
b = '<ellipse cx="150" cy="110" rx="120" ry="70" fill="#e3e6cf"/>'
for x, y in [(95, 95), (150, 80), (205, 95), (120, 140), (180, 140)]:
    b += f'<path d="M{x - 6} {y + 14}l2-20q4-6 8 0l2 20z" fill="#b9b6a6"/>'
view(10, b, "#d2d9b4")
# 11 planks
b = "".join(
    f'<rect y="{y}" width="{W}" height="24" fill="{c}"/><path d="M0 {y + 12}q75 -4 150 0t150 0" stroke="#5e4026" stroke-width="1" fill="none" opacity=".5"/>'
    for y, c in zip(
        range(0, 200, 25), ["#7a5533", "#6e4c2c", "#76512f", "#6a482a", "#7a5533", "#6e4c2c", "#76512f", "#6a482a"]
    )
)
view(11, b, "#4e341c")

head = (
    f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W * len(views)} {H}">\n'
    "<!-- Live On's land, drawn for Civitas: one <view> per kind of ground (live_on.css draws the region board's "
    "background, each zone and the wooden frame with url(land.svg#<view>)); no frame carries it. -->\n"
)
vs = "".join(f'<view id="{v}" viewBox="{i * W} 0 {W} {H}"/>' for i, v in enumerate(views))
svg = head + vs + "\n" + "\n".join(out) + "\n</svg>\n"
open("apps/live_on/static/live_on/land.svg", "w").write(svg)
print(len(svg))
