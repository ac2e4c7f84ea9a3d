"""The user's documents, read (issue 31): one file in, titled and located text and passages out.

This package only reads. It never touches Qt, SQLite or the network: storing passages with
vectors and answering with citations ("lease.pdf, p. 4") is done by the code that calls it.

- model.py: what a read produces (``Extracted``, ``Section``, ``Passage``), ``Limits`` and
  ``Unreadable``, the one error a read raises.
- extract.py: ``extract(path)``: which format a file is, and the reader for it (formats/).
- isolate.py: ``extract_isolated(path)``: the same in a child process, so a hang or a crash in a
  C parser costs one file, not the app.
- chunk.py: ``passages(extracted)``: the text cut into passages that keep their page and heading.
- scan.py: ``supported_files(folder)``: the files of a watched folder worth reading.
"""
