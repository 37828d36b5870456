"""One normalized test case (vectors/FORMAT.md), shared by normalize.py and
spec_examples.py so both write the same field order."""


def case(id_, result="valid", comment=None, flags=None, algorithm=None, **fields):
    c = {"id": str(id_)}
    if comment:
        c["comment"] = comment
    if algorithm:
        c["algorithm"] = algorithm
    c["result"] = result
    c.update(fields)
    if flags:
        c["flags"] = list(flags)
    return c
