/**
 * The layers of the browser core (DESIGN.md "Layout"), checked by `npm run layers`
 * (scripts/layers.sh, also a step of the test command). Imports flow one way:
 *
 *   the composition root (main.tsx, view.tsx, App.tsx, AppRoutes.tsx, prerender.tsx)
 *     → screens/<route>/ → parts/ → shell/ → app/ → stores/ → api/ and domain/
 *
 * where app/ holds the stores' React bindings (StoresProvider, useStores, useLoadedShop,
 * useShop), each layer may import those after it and none before it, and ui/ (presentational:
 * props in) may be imported by any component but itself imports only domain/, api types,
 * settings-types.ts and routes.ts, which import nothing of the app. cli/ is cruised too, for
 * cycles and unresolvable imports, and the core may import nothing of it.
 *
 * Type-only imports count like any other: a type names the module it comes from, so a cycle of
 * types is still two modules that cannot be read, changed or moved one without the other.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      comment:
        "A cycle makes modules impossible to understand, test or load one without the other " +
        "(and, at run time, one of them sees the other half-initialised). None, types included.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "domain-is-pure",
      comment:
        "domain/ holds the spec's rules as pure functions (DESIGN.md principle 4): tested alone, " +
        "usable anywhere. It imports domain/, the settings types, the route table (plain data) " +
        "the backend's data shapes (api/, next rule) and Lingui's message descriptors (msg``: " +
        "plain objects, translated by whoever renders them) and fflate (a pure zip function, for " +
        "the photo list's spreadsheet), nothing else: no store, screen, " +
        "shell, ui, React or MobX.",
      severity: "error",
      from: { path: "^storefront/src/domain/" },
      to: {
        pathNot: [
          "^storefront/src/domain/",
          "^storefront/src/(settings-types|routes)\\.ts$",
          "^storefront/src/api/",
          "^node_modules/(@lingui/core|fflate)/",
        ],
      },
    },
    {
      name: "domain-reads-only-api-types",
      comment:
        "The rules work on the backend's data (an order, a bought photo), so domain/ may name the " +
        "api's types; its code it takes only from api/contracts/ (plain data and its constants), " +
        "never the transport.",
      severity: "error",
      from: { path: "^storefront/src/domain/" },
      to: {
        path: "^storefront/src/api/",
        pathNot: "^storefront/src/api/contracts/",
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "leaf-modules-stay-leaves",
      comment:
        "The settings types and the route table are plain data that every layer, domain/ " +
        "included, reads: they import nothing of the app.",
      severity: "error",
      from: { path: "^storefront/src/(settings-types|routes)\\.ts$" },
      to: { path: "^storefront/src/" },
    },
    {
      name: "stores-hold-no-react",
      comment:
        "Stores own state and talk to the API; components render (DESIGN.md principle 5). A " +
        "store imports no component, no React and no React binding (the context and the hooks " +
        "live in app/), so stores run and are tested without a renderer.",
      severity: "error",
      from: { path: "^storefront/src/stores/" },
      to: {
        path: [
          "^storefront/src/(app|screens|parts|shell|ui)/",
          "^storefront/src/[^/]+\\.tsx$",
          "(^|/)node_modules/(react|react-dom|mobx-react-lite|react-router|react-router-dom|@lingui/react)/",
        ],
      },
    },
    {
      name: "ui-is-presentational",
      comment:
        "ui/ holds presentational components and helpers that any layer above may use: they get " +
        "everything through props, so they import no store, no React binding of the stores " +
        "(app/), no shell, no shared part and no screen.",
      severity: "error",
      from: { path: "^storefront/src/ui/" },
      to: { path: "^storefront/src/(stores|app|shell|parts|screens)/" },
    },
    {
      name: "shell-below-screens",
      comment:
        "The shell (bar, drawer, footer, snackbar, dialogs, the screen frame) is around every " +
        "screen, so it depends on no screen and on no shared part, but for the frame picker " +
        "dialog (parts/frames/) that its host loads lazily, as a chunk of its own.",
      severity: "error",
      from: { path: "^storefront/src/shell/" },
      to: {
        path: "^storefront/src/(screens|parts)/",
        dependencyTypesNot: ["dynamic-import"],
      },
    },
    {
      name: "shell-follows-the-shop-without-loading-it",
      comment:
        "The shell is on the first screen; the shop's stores come in a lazy chunk right after it. " +
        "The shell reads them through useLoadedShop() (null until then), never useShop(), " +
        "useBuy() or stores/find.ts and stores/shop.ts, which would pull the shop into the first " +
        "screen's JavaScript.",
      severity: "error",
      from: { path: "^storefront/src/(shell|ui)/" },
      to: { path: "^storefront/src/(app/use-shop|app/use-buy|stores/find|stores/shop)\\.ts$" },
    },
    {
      name: "one-way-to-the-shop",
      comment:
        "Screens and parts reach the shop's stores one way: the finding ones with useShop() " +
        "(app/use-shop.ts), all of them with useBuy() (app/use-buy.ts, which brings the rest of " +
        "the shop's chunk along); only those hooks and the composition root (main.tsx builds " +
        "the finding stores; app/open-shop.ts loads and attaches the shop, for main.tsx and " +
        "for a tap that needs the cart first) import stores/find.ts and stores/shop.ts.",
      severity: "error",
      from: {
        path: "^storefront/src/",
        pathNot:
          "^storefront/src/(app/use-shop\\.ts|app/use-buy\\.ts|app/open-shop\\.ts|main\\.tsx|stores/)",
      },
      to: { path: "^storefront/src/stores/(find|shop)\\.ts$" },
    },
    {
      name: "parts-below-screens",
      comment:
        "parts/ holds what several screens share (a gallery, the frame button, the gift offer, an " +
        "order's downloads): it serves screens, so it imports none.",
      severity: "error",
      from: { path: "^storefront/src/parts/" },
      to: { path: "^storefront/src/screens/" },
    },
    {
      name: "screens-do-not-import-each-other",
      comment:
        "One folder per route: a screen changes without breaking another. What two screens share " +
        "lives in parts/ (uses the stores), shell/ or ui/ (presentational). screens/lazy.ts, the " +
        "table of lazy screens, is the one module that names them all.",
      severity: "error",
      from: { path: "^storefront/src/screens/([^/]+)/" },
      to: {
        path: "^storefront/src/screens/",
        pathNot: "^storefront/src/screens/$1/",
      },
    },
    {
      name: "lower-layers-import-no-screens",
      comment:
        "Screens are the top of the core: only the composition root and screens/lazy.ts reach them " +
        "(lazily, so each is its own chunk).",
      severity: "error",
      from: {
        path: "^storefront/src/(app|stores|api|domain)/",
      },
      to: { path: "^storefront/src/(screens|parts|shell|ui)/" },
    },
    {
      name: "api-below-stores",
      comment:
        "api/ is the one transport and its contracts (DESIGN.md principle 6): stores call it, it " +
        "knows no store, no component and no React.",
      severity: "error",
      from: { path: "^storefront/src/api/" },
      to: {
        path: [
          "^storefront/src/(stores|app)/",
          "(^|/)node_modules/(react|react-dom|mobx|mobx-react-lite|react-router-dom)/",
        ],
      },
    },
    {
      name: "browser-core-runs-no-cli",
      comment:
        "The browser core is built once and shipped to every tenant; the CLI is Node code (zod, " +
        "the file system). Its settings type lives on the browser side (settings-types.ts) and the " +
        "CLI's schema is checked against it at compile time, so the core needs nothing from cli/.",
      severity: "error",
      from: { path: "^storefront/src/" },
      to: { path: "^cli/" },
    },
    {
      name: "no-non-package-json",
      comment:
        "Every package imported is declared in package.json (a package that is only there " +
        "because another one brought it can vanish with that one's next release).",
      severity: "error",
      from: {},
      to: { dependencyTypes: ["npm-no-pkg", "npm-unknown"] },
    },
    {
      name: "production-code-runs-no-dev-dependency",
      comment:
        "Production dependencies are what the CLI and the bundles run: code under cli/ and " +
        "storefront/src/ imports no devDependency at run time (a type-only import is compile " +
        "time, and may name one).",
      severity: "error",
      from: { path: "^(cli|storefront/src)/" },
      to: { dependencyTypes: ["npm-dev"], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "not-to-unresolvable",
      comment: "An import that resolves to nothing is a typo or a missing dependency.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // node_modules is a symbolic link in git worktrees: keep its path, so the rules' package
    // patterns (node_modules/react/ …) match wherever the folder really is.
    preserveSymlinks: true,
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
