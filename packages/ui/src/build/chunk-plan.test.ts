import { describe, expect, it } from 'vitest';
import { type ModuleGraph, modulesRun, planChunks, type Shape } from './chunk-plan.ts';

function shape(partial: Partial<Shape> = {}): Shape {
  return { reads: [], passed: new Map(), stars: [], own: new Set(), opaque: false, ...partial };
}

/** A module whose own code reads these modules' names (`module:name`, or `module` for all of it). */
function reads(...imports: string[]): Shape {
  return shape({
    reads: imports.map((read) => {
      const [from = '', name] = read.split(':');
      return { from, names: [name ?? '*'] };
    }),
  });
}

describe('modulesRun', () => {
  const shapes = new Map<string, Shape>([
    ['page', reads('ui:Card', 'feature:useThing')],
    [
      'ui',
      shape({
        passed: new Map([
          ['Card', { from: 'card', name: 'Card' }],
          ['Dialog', { from: 'dialog', name: 'Dialog' }],
        ]),
      }),
    ],
    ['card', shape({ own: new Set(['Card']) })],
    ['dialog', reads('radix')],
    ['radix', shape()],
    ['feature', shape({ stars: ['hooks', 'views'] })],
    ['hooks', shape({ own: new Set(['useThing']), reads: [{ from: 'client', names: ['get'] }] })],
    ['views', shape({ own: new Set(['View']), reads: [{ from: 'radix', names: ['*'] }] })],
    ['client', shape({ own: new Set(['get']) })],
  ]);

  it('follows a barrel only to the modules defining the names read, through export * too', () => {
    expect([...modulesRun(shapes, ['page'])].sort()).toEqual(['card', 'client', 'hooks', 'page']);
  });

  it('lists the barrels passed through when asked', () => {
    const reached = new Set<string>();
    modulesRun(shapes, ['page'], reached);
    expect([...reached].sort()).toEqual(['card', 'client', 'feature', 'hooks', 'page', 'ui']);
  });

  it('runs everything a module imports once its code runs, and all of a module read whole', () => {
    expect([...modulesRun(shapes, ['dialog'])].sort()).toEqual(['dialog', 'radix']);
    expect([...modulesRun(shapes, ['feature'])].sort()).toEqual([
      'client',
      'feature',
      'hooks',
      'radix',
      'views',
    ]);
  });
});

describe('planChunks', () => {
  const code = (bytes: number) => bytes;
  function graph(shapes: Record<string, Shape>, sizes: Record<string, number>): ModuleGraph {
    return {
      shapes: new Map(Object.entries(shapes)),
      sizes: new Map(Object.entries(sizes)),
      entries: ['main'],
    };
  }
  const shapes = {
    main: reads('shell'),
    shell: shape({ own: new Set(['Shell']) }),
    student: reads('card', 'lessons', 'socket', 'shell:Shell'),
    tutor: reads('card', 'earnings', 'socket'),
    login: reads('form', 'card'),
    card: shape(),
    lessons: shape(),
    earnings: shape(),
    socket: shape(),
    form: shape(),
  };
  const sizes = {
    card: code(20_000),
    lessons: code(30_000),
    earnings: code(30_000),
    socket: code(40_000),
    form: code(30_000),
  };
  const screens = [
    { label: 'student', roots: ['student'] },
    { label: 'tutor', roots: ['tutor'] },
    { label: 'login', roots: ['login'] },
  ];

  it('puts the modules run by the same first screens into one chunk', () => {
    const plan = planChunks(graph(shapes, sizes), screens);
    expect(Object.fromEntries(plan)).toMatchObject({
      student: 'student',
      lessons: 'student',
      tutor: 'tutor',
      earnings: 'tutor',
      socket: 'student+tutor',
      card: 'student+tutor+login',
      login: 'login',
      form: 'login',
    });
    // The shell is the entry's: the bundler's `$initial` group takes it whatever the plan says.
    expect(plan.get('shell')).toBe('student');
  });

  it('moves a small chunk into a larger set of first screens when that costs fewer bytes than a request', () => {
    const plan = planChunks(graph(shapes, { ...sizes, lessons: 10, earnings: 10, form: 10 }), screens, 1_000);
    // The pages themselves weigh nothing here: every single-screen chunk is tiny.
    expect(plan.get('lessons')).toBe('student+tutor');
    expect(plan.get('earnings')).toBe('student+tutor');
    expect(plan.get('form')).toBe('student+tutor+login');
  });

  it('moves a small chunk only where what it imports is loaded already', () => {
    const small = {
      main: shape(),
      a: reads('x', 'z'),
      b: reads('y'),
      c: reads('z'),
      x: reads('y'),
      y: shape(),
      z: shape(),
    };
    const three = ['a', 'b', 'c'].map((label) => ({ label, roots: [label] }));
    const plan = planChunks(graph(small, { a: 0, b: 0, c: 0, x: 100, y: 50_000, z: 50_000 }), three);
    // a's own chunk (a, x) is small, but in y's chunk (a+b) it would make b load z's (a+c), and in
    // z's chunk (a+c) it would make c load y's (a+b): it stays.
    expect(plan.get('x')).toBe('a');
    expect(plan.get('y')).toBe('a+b');
    expect(plan.get('z')).toBe('a+c');
  });

  it('keeps the contract with the screens checking answers, less what other screens run too', () => {
    const contractModule = '/repo/packages/client/src/api/contract-module.ts';
    const zod = '/repo/node_modules/zod/v4/classic/schemas.js';
    const responses = '/repo/packages/domain/src/users/user.schemas.ts';
    const requests = '/repo/packages/domain/src/users/account.schemas.ts';
    const patterns = '/repo/packages/domain/src/users/user.patterns.ts';
    const contract = {
      ...shapes,
      student: reads('card', contractModule),
      tutor: reads('card', contractModule),
      login: reads(requests, 'card'),
      [contractModule]: reads(responses),
      [responses]: reads(zod, patterns),
      [requests]: reads(zod, patterns),
      [zod]: shape(),
      [patterns]: shape(),
    };
    const plan = planChunks(
      graph(contract, { ...sizes, [zod]: 80_000, [responses]: 30_000, [requests]: 30_000, [patterns]: 100 }),
      screens,
    );
    // The chunk of the screens checking answers: the contract's, whatever module of the domain each runs.
    expect(plan.get(contractModule)).toBe('student+tutor');
    expect(plan.get(responses)).toBe('student+tutor');
    expect(plan.get(zod)).toBe('student+tutor+login');
    expect(plan.get(patterns)).toBe('student+tutor+login');
    expect(plan.get(requests)).toBe('login');
  });
});
