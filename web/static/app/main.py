"""PyScript entry point: start the app once the packages are unpacked."""

from webui.app import start

start()
