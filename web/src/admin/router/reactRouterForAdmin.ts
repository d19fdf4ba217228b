/**
 * react-router-dom as react-admin (ra-core's router adapter) sees it in a build (web/vite.config.ts,
 * `adminRouterInsideTheApp`). The adapter makes a hash router of its own only when it is not
 * already inside a router, and the back-office always is (web/src/main.tsx's BrowserRouter). Its
 * import of `createHashRouter` and `RouterProvider` kept react-router's whole data router (the
 * loaders, actions, revalidation and hydration) in the chunk every page loads; without them the
 * bundler leaves that code out (issue 31).
 */
export * from 'react-router-dom';

function insideTheApp(): never {
  throw new Error("The back-office runs inside the app's router: react-admin's own router is never made");
}

export const createHashRouter = insideTheApp;
export const RouterProvider = insideTheApp;
