#!/usr/bin/python3
"""Random linear constraint systems and kiwisolver's answers, one system per line (JSON Lines).

The Swift test `KiwiParityTests` replays every system through TextFitConstraints' `Solver` and compares the
values to 1e-6 and the refusals one for one. Regenerate (deterministic for a given seed and kiwisolver):

    scripts/kiwi-parity.py > Tests/TextFitConstraintsTests/Data/kiwi-parity.jsonl

It needs kiwisolver (Debian's python3-kiwisolver for /usr/bin/python3, installed by
`scripts/install-deps --tests`, or `pip install kiwisolver`).

Each system starts with a stay on every variable (`v == random` at a distinct weak weight), added in variable
order: the stays give every variable a unique optimum (so values are comparable even where the other
constraints leave them free) and create the external symbols in the same order in both solvers (kiwisolver
orders an expression's terms by the variables' addresses). Operations: add, remove, edit, suggest,
remove_edit, check (all values). A system stops at its first refused add: kiwisolver leaves part of a refused
constraint in its tableau, TextFit restores its own, so later answers would not be comparable.
"""
import json
import random
import sys

import kiwisolver as kiwi

SEED = 20261207
COUNT = 1200


def strength_for(rng):
    kind = rng.random()
    if kind < 0.35:
        return kiwi.strength.required
    base = rng.choice([kiwi.strength.strong, kiwi.strength.medium, kiwi.strength.weak])
    return base * rng.uniform(1, 10)


def random_expression(rng, variables):
    count = rng.choice([1, 1, 2, 2, 2, 3])
    chosen = rng.sample(range(len(variables)), min(count, len(variables)))
    terms = []
    for index in chosen:
        coefficient = rng.choice([1.0, -1.0, 1.0, -1.0, 2.0, 0.5, -0.5, round(rng.uniform(-3, 3), 3)])
        if coefficient == 0:
            coefficient = 1.0
        terms.append([index, coefficient])
    constant = round(rng.uniform(-200, 200), 2)
    return terms, constant


def kiwi_constraint(variables, terms, constant, relation, strength):
    expression = kiwi.Expression([kiwi.Term(variables[i], c) for i, c in terms], constant)
    return kiwi.Constraint(expression, relation, strength)


def one_system(rng, number):
    n = rng.randint(2, 8)
    variables = [kiwi.Variable(f"v{i}") for i in range(n)]
    solver = kiwi.Solver()
    ops = []
    added = {}  # id -> kiwi constraint
    next_id = 0
    edits = []

    def check():
        solver.updateVariables()
        ops.append({"op": "check", "values": [v.value() for v in variables]})

    for i, v in enumerate(variables):
        value = round(rng.uniform(-100, 300), 2)
        strength = kiwi.strength.weak * rng.uniform(0.01, 0.5)
        ops.append({"op": "add", "id": next_id, "terms": [[i, 1.0]], "constant": -value, "relation": "==",
                    "strength": strength})
        solver.addConstraint(kiwi_constraint(variables, [[i, 1.0]], -value, "==", strength))
        next_id += 1

    steps = rng.randint(3, 18)
    refused = False
    for _ in range(steps):
        action = rng.random()
        if action < 0.62 or not added:
            terms, constant = random_expression(rng, variables)
            relation = rng.choice(["==", "<=", ">=", "<=", ">="])
            strength = strength_for(rng)
            op = {"op": "add", "id": next_id, "terms": terms, "constant": constant, "relation": relation,
                  "strength": strength}
            constraint = kiwi_constraint(variables, terms, constant, relation, strength)
            try:
                solver.addConstraint(constraint)
                added[next_id] = constraint
            except kiwi.UnsatisfiableConstraint:
                op["refused"] = True
                refused = True
            ops.append(op)
            next_id += 1
            if refused:
                break
        elif action < 0.75:
            victim = rng.choice(sorted(added))
            solver.removeConstraint(added.pop(victim))
            ops.append({"op": "remove", "id": victim})
        elif action < 0.85 and len(edits) < n:
            index = rng.choice([i for i in range(n) if i not in edits])
            strength = rng.choice([kiwi.strength.strong, kiwi.strength.medium]) * rng.uniform(1, 5)
            solver.addEditVariable(variables[index], strength)
            edits.append(index)
            ops.append({"op": "edit", "var": index, "strength": strength})
        elif edits:
            index = rng.choice(edits)
            if rng.random() < 0.15:
                solver.removeEditVariable(variables[index])
                edits.remove(index)
                ops.append({"op": "remove_edit", "var": index})
            else:
                value = round(rng.uniform(-150, 400), 2)
                solver.suggestValue(variables[index], value)
                ops.append({"op": "suggest", "var": index, "value": value})
        check()
    if not refused:
        check()
    return {"system": number, "variables": n, "ops": ops}


def contradiction(rng, number):
    """A satisfiable required system and then a required constraint contradicting it (both must refuse)."""
    n = rng.randint(2, 5)
    variables = [kiwi.Variable(f"v{i}") for i in range(n)]
    solver = kiwi.Solver()
    ops = []
    a, b = rng.sample(range(n), 2)
    gap = round(rng.uniform(1, 50), 2)
    shapes = [
        # a == b + gap, then b == a + gap: a cycle of required equalities
        ([[[a, 1.0], [b, -1.0]], -gap, "=="], [[[b, 1.0], [a, -1.0]], -gap, "=="]),
        # a >= b + gap, then a <= b
        ([[[a, 1.0], [b, -1.0]], -gap, ">="], [[[a, 1.0], [b, -1.0]], 0.0, "<="]),
        # a == gap, then a >= gap + 1
        ([[[a, 1.0]], -gap, "=="], [[[a, 1.0]], -gap - 1, ">="]),
    ]
    first, second = rng.choice(shapes)
    for i, (terms, constant, relation) in enumerate([first, second]):
        op = {"op": "add", "id": i, "terms": terms, "constant": constant, "relation": relation,
              "strength": kiwi.strength.required}
        try:
            solver.addConstraint(kiwi_constraint(variables, terms, constant, relation, kiwi.strength.required))
        except kiwi.UnsatisfiableConstraint:
            op["refused"] = True
        ops.append(op)
    return {"system": number, "variables": n, "ops": ops}


def main():
    rng = random.Random(SEED)
    out = sys.stdout
    out.write(json.dumps({"kiwisolver": kiwi.__version__, "seed": SEED}) + "\n")
    for number in range(COUNT):
        system = contradiction(rng, number) if number % 12 == 11 else one_system(rng, number)
        out.write(json.dumps(system, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
