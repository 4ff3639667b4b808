"""The agents themselves as the oracle: run a pinned agent release headless against a
recording mock of its model API on 127.0.0.1 and read what it sends.

``mock`` records requests (never headers); ``runner`` starts the agent with a clean
environment and stops its whole process group; ``adapter`` is the interface each
agent's module in ``agents/`` implements; ``pins`` says which releases are verified and
where ``scripts/setup-agents`` installed them.
"""
