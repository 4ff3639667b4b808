"""The pygls adapter: translates between LSP and the pure core (``create_server``)."""
