import { useState } from "react";
import { RouterProvider } from "react-router/dom";
import { AppProviders } from "./providers.tsx";
import { createRouter } from "./router.tsx";

export const App = () => {
  const [router] = useState(createRouter);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
};
