"""The nonogram solver core: line solver, propagation, probing, search; no imports
from the player services, the api or the app layer."""
