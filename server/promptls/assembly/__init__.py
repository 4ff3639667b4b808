"""What the model sees: the system prompt, the environment, the rendered context.

``system`` builds the stable half, ``environment`` reads the machine state, ``render``
frames instruction files and skills so file content cannot forge the framing, and
``assemble`` puts a whole prompt together from discovery's result, exactly as the
preview in the CLI and the server show it.
"""
