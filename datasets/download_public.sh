#!/usr/bin/env bash
# Downloads the public benchmark datasets from their original homes into datasets/public/
# (ignored by git: the project never commits copies of them). Needs internet, curl and python3.
# The tool reads every file as it comes; Sudoku Exchange's "hash puzzle rating" lines are
# reduced to the puzzle column.
#
#   datasets/download_public.sh            # all of them
#   datasets/download_public.sh norvig     # only the sets whose name contains "norvig"
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p public
only=${1:-}

fetch() {  # name url
  local name=$1 url=$2
  [[ -n "$only" && "$name" != *"$only"* ]] && return 0
  echo "downloading $name from $url" >&2
  curl -fsSL --retry 3 -o "public/$name.part" "$url"
  mv "public/$name.part" "public/$name"
}

# tdoku's benchmark archive: 17-clue, magictour top1465, forum hardest lists, kaggle, unbiased.
fetch tdoku_data.zip https://github.com/t-dillon/tdoku/raw/master/data.zip
if [ -f public/tdoku_data.zip ]; then
  python3 - <<'PY'
import zipfile
with zipfile.ZipFile("public/tdoku_data.zip") as z:
    for name in z.namelist():
        if name.startswith("data/puzzles") and not name.endswith("/"):
            target = "public/" + name.split("/")[-1] + ".txt"
            with z.open(name) as src, open(target, "wb") as dst:
                dst.write(src.read())
            print("  " + target)
PY
fi

fetch norvig_top95.txt https://norvig.com/top95.txt
fetch norvig_easy50.txt https://norvig.com/easy50.txt

# Sudoku Exchange puzzle bank (Grant McLean): lines are "hash puzzle rating", 0 for empty.
for level in easy medium hard diabolical; do
  if fetch "sudoku_exchange_$level.raw" \
      "https://raw.githubusercontent.com/grantm/sudoku-exchange-puzzle-bank/master/$level.txt" &&
     [ -f "public/sudoku_exchange_$level.raw" ]; then
    awk '{print $2}' "public/sudoku_exchange_$level.raw" > "public/sudoku_exchange_$level.txt"
    rm "public/sudoku_exchange_$level.raw"
  fi
done

echo "done: datasets/public/ (Kaggle's 1M and 3M sets need a Kaggle account: download them" \
     "by hand; their quizzes,solutions CSV is read as it is)" >&2
