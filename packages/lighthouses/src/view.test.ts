import { describeViewFacade } from "@arena/core/testing";
import { engine } from "./engine";

describeViewFacade(engine);
