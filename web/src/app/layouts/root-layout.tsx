import { useEffect } from "react";
import { Outlet, ScrollRestoration, useNavigate } from "react-router";
import { NavigationProgress } from "../../components/navigation-progress.tsx";
import { OfflineBanner } from "../../components/offline-banner.tsx";
import { setUnauthorizedHandler } from "../../lib/http.ts";

/**
 * A page's scroll position is its path's: a new page opens at its top (a contact just created, not at
 * the height of the form's button), back and forward find a page where it was left, and a change of
 * the query alone (a filter, a sort) leaves the page where it is.
 */
const scrollKey = (location: { pathname: string }) => location.pathname;

/**
 * Above every layout: the navigation bar, the offline banner, the scroll of each page, and the way back
 * to `/` after a 401.
 */
export const RootLayout = () => {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => void navigate("/", { replace: true }));
    return () => setUnauthorizedHandler(() => {});
  }, [navigate]);
  return (
    <>
      <NavigationProgress />
      <OfflineBanner />
      <Outlet />
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
};
