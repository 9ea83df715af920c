// The dependency rules of STYLE.md, checked in CI (`npm run depcheck`).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Cycles make the tree impossible to read from the top down.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'api-has-no-circle-at-all',
      severity: 'error',
      comment:
        'In the API not even a type-only import closes a circle: features are drawn top-down (tracks → billing, never back).',
      from: { path: '^apps/api/src/' },
      to: { circular: true },
    },
    {
      name: 'api-folders-have-no-circle',
      severity: 'error',
      comment:
        'Nor between folders: a folder reads top-down too (platform/ never reaches back into features/, database/ never into jobs/ or http/), even when no single file closes the circle.',
      scope: 'folder',
      from: { path: '^apps/api/src/' },
      to: { circular: true },
    },
    {
      name: 'engine-has-no-circle-at-all',
      severity: 'error',
      comment:
        'Nor in the engine: types.ts imports nothing, input types live there, music theory in music/, the genre registry in genres/ (data that imports only types.ts).',
      from: { path: '^packages/engine/src/' },
      to: { circular: true },
    },
    {
      name: 'no-feature-builds-another',
      severity: 'error',
      comment:
        "STYLE.md: dependencies are passed in. A feature folder (features/<name>/, its subfolders included) never imports another feature's services, repositories, routes or job handlers (only their types, with `import type`): the composition root (app.ts, compose.ts) and the process entries in cli/ build them and hand them over.",
      from: { path: '^apps/api/src/features/([^/]+)/' },
      to: {
        path: '^apps/api/src/features/[^/]+/.+\\.(service|repository|routes|handler)\\.ts$',
        pathNot: '^apps/api/src/features/$1/',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'features-share-only-pure-modules',
      severity: 'error',
      comment:
        'Builders are not all named *.service.ts (create* lives in pools, dispatchers, senders, outboxes…), so across feature folders only these values may be imported: wire schemas, tables and presenters; platform/ is what every feature may use. Anything else is passed in by the composition root.',
      from: { path: '^apps/api/src/features/([^/]+)/' },
      to: {
        path: '^apps/api/src/features/',
        pathNot: ['^apps/api/src/features/$1/', '\\.(schemas|table|presenter)\\.ts$'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'platform-knows-no-feature',
      severity: 'error',
      comment:
        "platform/ serves every feature and imports none, not even a type, so no circle runs through the two wings: each feature adds its tables to database/schema.ts's Database from its x.table.ts (declaration merging) and registers its contract rows with http/openapi-contract.ts from its plugin.",
      from: { path: '^apps/api/src/platform/' },
      to: { path: '^apps/api/src/features/' },
    },
    {
      name: 'only-compose-builds-services',
      severity: 'error',
      comment:
        'compose.ts is the one place services are built: buildApp (app.ts) registers plugins with the graph it is given, and the entries (main.ts, cli/) choose what to start, so neither imports a service, repository or handler as a value.',
      from: { path: '^apps/api/src/(app\\.ts$|main\\.ts$|cli/)' },
      to: {
        path: '^apps/api/src/(features|platform)/.+\\.(service|repository|handler)\\.ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'only-entries-import-the-root',
      severity: 'error',
      comment:
        'The composition root (app.ts, compose.ts) and the process entries (main.ts, cli/) sit on top: no feature or platform module imports them, not even a type.',
      from: { path: '^apps/api/src/(features|platform)/' },
      to: { path: '^apps/api/src/((app|compose|main)\\.ts$|cli/)' },
    },
    {
      name: 'engine-is-pure',
      severity: 'error',
      comment: 'The engine core receives bytes and returns data: no I/O, no server, no database.',
      from: { path: '^packages/engine/src' },
      to: {
        path: '^(apps|packages/(sdk|sdk-python))/|(^|/)node_modules/(fastify|@fastify|kysely|pg|@electric-sql|stripe|nodemailer|@aws-sdk)/',
      },
    },
    {
      name: 'engine-no-node-io',
      severity: 'error',
      comment:
        'The engine core never touches the file system, network or processes (the CLI, eval and bench are edges).',
      from: { path: '^packages/engine/src' },
      to: {
        dependencyTypes: ['core'],
        path: '^(fs|node:fs|fs/promises|node:fs/promises|net|node:net|http|node:http|https|node:https|child_process|node:child_process|dgram|node:dgram)$',
      },
    },
    {
      name: 'only-rendering-imports-the-synth',
      severity: 'error',
      comment: 'spessasynth_core stays behind the Renderer interface in rendering/.',
      from: { path: '^packages/engine/src', pathNot: '^packages/engine/src/rendering/' },
      to: { path: 'node_modules/spessasynth_core/' },
    },
    {
      name: 'sdk-depends-on-nothing-internal',
      severity: 'error',
      from: { path: '^packages/sdk/' },
      to: { path: '^(apps|packages/(engine|sdk-python))/' },
    },
    {
      name: 'studio-uses-only-the-sdk',
      severity: 'error',
      comment:
        "The studio talks to the API only through the SDK; of the engine it may import the pure input readers (`@trackforge/engine/inputs`: the chord parser, the MIDI reader), so the page checks chords and melodies with the server's own code before a credit is spent.",
      from: { path: '^apps/studio/' },
      to: { path: '^(apps/api/|packages/engine/)', pathNot: '^packages/engine/src/inputs/index\\.ts$' },
    },
    {
      name: 'api-does-not-import-clients',
      severity: 'error',
      from: { path: '^apps/api/' },
      to: { path: '^(apps/studio|packages/sdk)/' },
    },
    {
      name: 'routes-hold-no-sql',
      severity: 'error',
      comment: 'Routes call services; only repositories (and infrastructure) talk to Kysely.',
      from: { path: '^apps/api/src/.+\\.routes\\.ts$' },
      to: { path: '(\\.repository\\.ts$|node_modules/kysely/)', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'services-never-see-http',
      severity: 'error',
      comment: 'Services are callable from a worker or the CLI: no request/reply.',
      from: { path: '^apps/api/src/.+\\.service\\.ts$' },
      to: {
        path: '(\\.routes\\.ts$|node_modules/fastify/|node_modules/@fastify/)',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'repositories-throw-no-http-errors',
      severity: 'error',
      comment: 'A type (the Plan a row holds) cannot throw; values from errors.ts or platform/http/ can.',
      from: { path: '^apps/api/src/.+\\.repository\\.ts$' },
      to: { path: '^apps/api/src/(errors|platform/http/.+)\\.ts$', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(test|eval|bench|node_modules)/|^apps/api/dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.js', '.mjs', '.json'],
    },
  },
};
