import { Button, type ButtonProps } from "@mantine/core";
import { Link, type LinkProps } from "react-router";

/** A button that leads to another screen of the app: a router link drawn as a button. */
export const LinkButton = (props: ButtonProps & LinkProps & { "data-testid"?: string }) => (
  <Button component={Link} {...props} />
);
