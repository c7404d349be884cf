import { createBrowserRouter, type RouteObject } from "react-router";
import { OrgDetailPage } from "../features/orgs/org-detail-page.tsx";
import { OrgsPage } from "../features/orgs/orgs-page.tsx";
import { AppLayout } from "./layout.tsx";
import { NotFoundPage } from "./not-found-page.tsx";
import { RouteError } from "./route-error.tsx";

/** Every screen route; the spec-coverage test walks this table. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <OrgsPage /> },
      { path: "registre/orgs", element: <OrgsPage /> },
      { path: "registre/orgs/:id", element: <OrgDetailPage /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
