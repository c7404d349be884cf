import type frApp from "../../i18n/locales/fr/app.json";
import type { NavLabel } from "./nav.tsx";

/** The title keys of the screens not built yet (`app:screens.*`). */
export type ScreenKey = Exclude<keyof (typeof frApp)["screens"], "edit">;

/**
 * A spec screen routed but not built yet: its path, its own title, whether it is the edit variant of
 * that screen ("Modifier · …"), and the navigation section it belongs to (shown above the title).
 */
export type PlaceholderScreen = { path: string; title: ScreenKey; edit?: boolean; section: NavLabel };

/** Every spec screen of the frame that is routed but not built yet, with its own title. */
export const placeholderScreens: PlaceholderScreen[] = [];
