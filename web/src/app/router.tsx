import { createBrowserRouter } from "react-router";
import { OrgDetailPage } from "../features/orgs/org-detail-page.tsx";
import { OrgsPage } from "../features/orgs/orgs-page.tsx";
import { AppLayout } from "./layout.tsx";
import { NotFoundPage } from "./not-found-page.tsx";
import { RouteError } from "./route-error.tsx";

export const createRouter = () =>
  createBrowserRouter([
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
  ]);
