"""One home per agent: everything promptls knows about one coding agent, in one package.

``promptls/agents/<home>/`` holds an agent's profile (which files it loads, its limits,
its set-up markers, its sources) and the modules beside it that fill the hooks the
generic code calls. ``registry`` lists the homes, one line each; ``model`` holds the
record types a home fills in. How to add an agent: ``registry``'s docstring.
"""
