"""Models: the chat client, embedders, the packaged MiniLM, model slots, and what
tokens cost. Imports only the worker's base modules and the engine.
"""
