# %% [markdown]
# # Rate a dataset, plot its difficulty, split it by difficulty
#
# A notebook in the percent format (Jupyter, VS Code and Jupytext open it cell by cell; `python3
# rate_and_split.py` runs it whole). It rates the Sudoku Exchange "diabolical" bank with the Sudoku
# Explainer rating on every core, plots the ER histogram, and cuts a train / validation / test
# split in which every difficulty level has the same share in each part.
#
#     python3 examples/python/rate_and_split.py [--first N] [--out DIR]

# %%
import argparse
import os
from pathlib import Path

import numpy as np
import pandas as pd

import sudoku_bench as sb

here = Path(__file__).resolve().parent
ap = argparse.ArgumentParser(description=__doc__)
ap.add_argument("--data", default=str(here.parents[1].parent / "shared" / "datasets" / "sudoku_exchange_diabolical.txt"))
ap.add_argument("--first", type=int, default=2000, help="rate the first N puzzles (0: all)")
ap.add_argument("--out", default="split", help="folder for the split and the histogram")
args, _ = ap.parse_known_args()

# %% [markdown]
# ## Load the puzzles as an (n, 81) array
# Datasets come as strings, CSV columns or arrays; `sb.to_array` reads any of the tool's forms.

# %%
lines = [ln.strip() for ln in open(args.data) if ln.strip() and not ln.startswith("#")]
if args.first:
    lines = lines[: args.first]
puzzles = sb.to_array(lines)
print(puzzles.shape, puzzles.dtype)

# %% [markdown]
# ## Rate them on every core
# One row per puzzle: the solve columns (status, guesses, ...) and the rating (er, ep, ed, level,
# hardest_technique, one count per technique). Ctrl-C stops it and keeps the rows done in
# `KeyboardInterrupt.partial`.

# %%
rated = sb.rate(puzzles, progress=True)
print(rated[["status", "er", "level", "hardest_technique"]].head())
print(rated.attrs["summary"][["puzzles", "unique", "puzzles_per_s"]])

# %% [markdown]
# ## The ER histogram

# %%
out = Path(args.out)
out.mkdir(parents=True, exist_ok=True)
er = rated.er.dropna()
counts = er.value_counts().sort_index()
print(counts.to_string())
try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 3.5))
    ax.bar(counts.index, counts.values, width=0.08)
    for name, start in sb.levels().itertuples(index=False):
        if er.min() <= start <= er.max():
            ax.axvline(start - 0.05, color="grey", lw=0.5)
            ax.text(start, counts.max(), name, fontsize=7, rotation=90, va="top")
    ax.set_xlabel("Sudoku Explainer rating (ER)")
    ax.set_ylabel("puzzles")
    ax.set_title(f"{Path(args.data).name}: {len(er):,} puzzles")
    fig.tight_layout()
    fig.savefig(out / "er_histogram.png", dpi=120)
    print("wrote", out / "er_histogram.png")
except ImportError:
    print("(no matplotlib: apt install python3-matplotlib for the plot)")

# %% [markdown]
# ## A difficulty-stratified split
# Within each level, 80% train, 10% validation, 10% test, drawn with a fixed seed, so every part
# has the same mix of difficulty. Puzzles that are not rated (not unique) are left out.

# %%
rng = np.random.default_rng(0)
usable = rated[rated.er.notna()].copy()
usable["u"] = rng.random(len(usable))
usable["rank"] = usable.groupby("level")["u"].rank(pct=True)
usable["part"] = np.select([usable["rank"] <= 0.8, usable["rank"] <= 0.9], ["train", "validation"], "test")
print(pd.crosstab(usable.level, usable.part, margins=True))
for part, rows in usable.groupby("part"):
    np.save(out / f"{part}_puzzles.npy", puzzles[rows.index.to_numpy()])
    rows[["line", "er", "level"]].to_csv(out / f"{part}_ratings.csv", index=False)
print("wrote", sorted(p.name for p in out.iterdir()))
