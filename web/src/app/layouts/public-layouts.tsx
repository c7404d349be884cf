import { Box, Container } from "@mantine/core";
import { Outlet } from "react-router";
import { PublicFooter, PublicHeader } from "./public-chrome.tsx";

/** The `home` layout: the landing page, full width between header and footer. */
export const HomeLayout = () => (
  <Box className="registre-public" data-layout="home">
    <PublicHeader />
    <Box component="main" id="main">
      <Outlet />
    </Box>
    <PublicFooter />
  </Box>
);

/** The `homePage` layout: every other public page, in a centred column. */
export const HomePageLayout = () => (
  <Box className="registre-public" data-layout="homePage">
    <PublicHeader />
    <Box component="main" id="main" className="registre-public-main">
      <Container size="xl" py={40} px="var(--registre-page-gutter)">
        <Outlet />
      </Container>
    </Box>
    <PublicFooter />
  </Box>
);
