import { defineConfig } from "tsup";
import { gameBuild } from "../../tsup.shared";

export default defineConfig(gameBuild);
