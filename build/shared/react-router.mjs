// The part of react-router the frontends share (see sharedSingletons in rspack.federation.mjs):
// the declarative router (<BrowserRouter>, <Routes>) with its components and hooks. A shared
// module is never tree-shaken, and the whole package (data routers, server rendering) is four
// times this. 'react-router-esm-build' is an alias (rspack.federation.mjs) of the package's own ES
// module entry, under another name so that this import is not itself taken from the share scope.
// Need another export? Add it here; the build fails on an import this file does not provide.
export {
  BrowserRouter,
  HashRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Router,
  Routes,
  createSearchParams,
  generatePath,
  matchPath,
  matchRoutes,
  resolvePath,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from 'react-router-esm-build';
