import type { MouseEvent } from "react";
import { useNavigate } from "react-router";

/**
 * A table row that opens a page when clicked. The row's name stays a real link (keyboard, middle
 * click); a click on a link inside the row goes its own way.
 */
export const useRowLink = () => {
  const navigate = useNavigate();
  return (path: string) => (event: MouseEvent) => {
    if (!(event.target instanceof HTMLElement && event.target.closest("a"))) void navigate(path);
  };
};
