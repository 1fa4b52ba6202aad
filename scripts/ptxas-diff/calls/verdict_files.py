"""The gzipped TSV files of whole-module ptxas verdicts (calls.tsv.gz, prototypes.tsv.gz,
user-mistakes.tsv.gz): case name first, the module last (new lines written as \\n), the verdict
columns between. Shared by probe_calls.py, probe_prototypes.py and ../decl/user_mistakes.py."""
import concurrent.futures
import gzip
import io
import os


def read(path):
    """{(name, module): (verdict columns...)} of a recorded file, or {} when there is none."""
    old = {}
    if not os.path.exists(path):
        return old
    with gzip.open(path, "rt") as f:
        for line in f:
            if not line.startswith("#") and line.strip():
                p = line.rstrip("\n").split("\t")
                old[(p[0], p[-1].replace("\\n", "\n"))] = tuple(p[1:-1])
    return old


def write(path, header, rows):
    """Writes `# header` and one line per (name, module, columns) to a reproducible gzip file."""
    buf = io.StringIO()
    buf.write("# " + header + "\n")
    for name, text, cols in rows:
        buf.write("\t".join((name,) + tuple(cols) + (text.replace("\n", "\\n"),)) + "\n")
    with open(path, "wb") as f:
        with gzip.GzipFile(fileobj=f, mode="wb", mtime=0, filename="") as g:
            g.write(buf.getvalue().encode())


def judge(cases, old, judge_module, jobs):
    """The verdicts of cases [(name, module)] in order: those in old ({case: verdicts}, from read)
    as recorded, the others from judge_module(module) on jobs threads."""
    todo = [c for c in cases if c not in old]
    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        got = dict(zip(todo, ex.map(lambda c: judge_module(c[1]), todo)))
    return [old[c] if c in old else got[c] for c in cases]
