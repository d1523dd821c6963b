// The bounds a template is held to before it renders (core/templates/staticBounds.ts), and how the
// render threads are shared between accounts (core/templates/fairSlots.ts).
import { FairSlots } from '../../core/templates/fairSlots';
import { staticBoundProblem } from '../../core/templates/staticBounds';
import { parseTemplate, TEMPLATE_LIMITS } from '../../core/templates/templateLanguage';

const problem = (source: string) => staticBoundProblem(parseTemplate('html', source), TEMPLATE_LIMITS);

test('a written range must have safe integer ends and at most rangeItems numbers, wherever it is written', () => {
  expect(problem('{% for i in (9007199254740992..9007199254740994) %}{{ i }}{% endfor %}')).toMatch(
    /not a whole number/,
  );
  expect(problem('{% for i in ("9007199254740992".."9007199254740994") %}{{ i }}{% endfor %}')).toMatch(
    /not a whole number/,
  );
  expect(problem('{% for i in (9007199254740992..n) %}{{ i }}{% endfor %}')).toMatch(/not a whole number/);
  expect(problem('{% assign a = (1..9900000) %}{% assign b = a | sort_natural %}')).toMatch(
    /holds 9900000 numbers \(at most 10000\)/,
  );
  expect(problem('{{ (1..10001) | join: "," }}')).toMatch(/holds 10001 numbers/);
  expect(problem('{% if x %}{% echo (0..20000) | size %}{% endif %}')).toMatch(/holds 20001 numbers/);
  expect(problem('{{ list | concat: (1..20000) }}')).toMatch(/holds 20000 numbers/);
  for (const fine of [
    '{% for i in (1..10000) %}{{ i }}{% endfor %}',
    '{% for i in (from..to) %}{{ i }}{% endfor %}',
    '{{ (5..1) | size }}',
    '<p>{{ name }}</p>',
  ])
    expect({ fine, problem: problem(fine) }).toEqual({ fine, problem: undefined });
});

test('loops over written ranges nested in each other run their bodies at most loopIterations times in all', () => {
  expect(problem('{% for i in (1..1000) %}{% for j in (1..1000) %}{{ j }}{% endfor %}{% endfor %}')).toMatch(
    /1000000 times \(at most 100000\)/,
  );
  expect(
    problem(
      '{% for i in (1..100) %}{% if i %}{% tablerow j in (1..2000) %}{{ j }}{% endtablerow %}{% endif %}{% endfor %}',
    ),
  ).toMatch(/200000 times/);
  // Side by side they do not multiply; over variables they are bounded while rendering.
  expect(problem('{% for i in (1..10000) %}{% endfor %}{% for j in (1..10000) %}{% endfor %}')).toBeUndefined();
  expect(problem('{% for i in (1..10000) %}{% for j in items %}{{ j }}{% endfor %}{% endfor %}')).toBeUndefined();
});

test('render slots: in arrival order, but an account on its share waits while another account goes; past its cap it is refused', async () => {
  const slots = new FairSlots(2, 1, 3);
  const started: string[] = [];
  const take = (account: string, name: string) =>
    slots.acquire(account, true)!.then((release) => (started.push(name), release));
  const a1 = take('a', 'a1');
  const a2 = take('a', 'a2');
  const a3 = take('a', 'a3');
  expect(slots.acquire('a', true)).toBeUndefined(); // its 3 in flight
  const b1 = take('b', 'b1');
  await Promise.resolve();
  await Promise.resolve();
  expect(started).toEqual(['a1', 'b1']); // a2 came before b1, but a holds its one thread
  (await a1)();
  await a2;
  expect(started).toEqual(['a1', 'b1', 'a2']);
  (await b1)();
  (await a2)();
  await a3;
  expect(started).toEqual(['a1', 'b1', 'a2', 'a3']);
  (await a3)();
  expect(slots.inFlight('a')).toBe(0);
  // Waiting without a cap (saving and reading a template) is never refused.
  expect(slots.acquire('c', false)).toBeInstanceOf(Promise);
});
