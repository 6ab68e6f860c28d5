# Shared by Scripts/install-facts, Scripts/make-deb and Scripts/check-deb-depends (sourced, not run).

# The package that holds a library file: dpkg knows it by the path it installed, which after the /usr merge may
# be the /lib or the /usr/lib spelling, of the link or of the file it names.
# (No `| head` and no awk `exit`: under pipefail a reader that stops early fails the pipeline with SIGPIPE.)
pkg_of() {
  local f=$1 real p out
  real=$(readlink -f "$f")
  for p in "$f" "$real" "${f#/usr}" "/usr$f" "${real#/usr}" "/usr${real#/usr}"; do
    out=$(dpkg -S "$p" 2>/dev/null) || continue
    printf '%s\n' "$out" | sed -n '1s/:.*//p'
    return 0
  done
  return 0
}

# The sonames a binary names (readelf -d NEEDED).
needed_sonames() { readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'; }

# The file a binary's soname resolves to here (ldd).
resolved() {
  ldd "$1" | awk -v s="$2" '!done && $1 == s && $2 == "=>" { print $3; done = 1 } !done && $1 ~ ("/" s "$") { print $1; done = 1 }'
}

# The file ldconfig's cache names for a soname (the first entry). awk reads to the end: an early `exit` would
# leave ldconfig writing into a closed pipe, and under pipefail its SIGPIPE (141) fails the script when the cache
# is larger than a pipe's buffer, as it is on a machine with many libraries.
cached_file() { ldconfig -p | awk -v s="$1" '!done && $1 == s { print $NF; done = 1 }'; }

# The sonames a binary opens on first use (dlopen of a name written into it) that only some pictures and text
# need (HEIC, screen recordings, text measured as the device sets it, zipped products for audit): the package's Recommends.
# (Not anchored at the start: `strings` may glue a printable byte before a name, as in "Blibchafa.so.0".)
first_use_sonames() { strings "$1" | grep -oE 'lib(heif|avutil|avcodec|avformat|swscale|harfbuzz|fontconfig|archive|yaml-0)\.so\.[0-9]+$' | sort -u; }

# The sonames a binary opens on first use that its everyday inputs need (a bundle's database, a page source,
# PNG and JPEG screenshots, pictures as cells): loaded late only so that start-up stays small, so the package's
# Depends, as a linked library's would be.
first_use_required_sonames() { strings "$1" | grep -oE 'lib(sqlite3|xml2|png16|jpeg|chafa|glib-2\.0)\.so\.[0-9]+$' | sort -u; }

# The font files the text measurer asks fontconfig for (Sources/PseudoscopeCore/Text/TextMeasurer.swift), as
# this machine resolves them: their packages are the fonts a host should have.
measurer_fonts() {
  for family in "Inter" "Inter Display" "Noto Sans CJK JP" "Noto Sans Arabic" "Noto Sans Hebrew" "Noto Sans Thai" "Noto Sans Devanagari" "Noto Sans"; do
    fc-match -f '%{family[0]}\t%{file}\n' "$family" 2>/dev/null | awk -F'\t' -v f="$family" '$1 == f { print $2 }'
  done
}
