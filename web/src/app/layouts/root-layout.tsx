import { useEffect } from "react";
import { Outlet, useNavigate } from "react-router";
import { NavigationProgress } from "../../components/navigation-progress.tsx";
import { OfflineBanner } from "../../components/offline-banner.tsx";
import { setUnauthorizedHandler } from "../../lib/http.ts";

/** Above every layout: the navigation bar, the offline banner, and the way back to `/` after a 401. */
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
    </>
  );
};
