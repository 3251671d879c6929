"""The rules of every game as implemented, in German and English (one Markdown file each)."""
