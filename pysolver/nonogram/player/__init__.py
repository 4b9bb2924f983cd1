"""Services for a person solving a nonogram: hints and their text, mistakes, marks,
what-if trials and the editor's fix assistant."""
