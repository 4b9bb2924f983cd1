"""The application layer: the command line, batches, reports and the process pools.
The only code that starts processes or threads or opens databases and files."""
