import type { Bot } from "../engine";
import type { CounterActions, CounterView } from "./counter-game.mjs";

type CounterBot = Bot<CounterView, CounterActions>;
export declare class LoopingBot implements CounterBot {
  play(view: CounterView, actions: CounterActions): void;
}
export declare class ThrowingBot implements CounterBot {
  play(view: CounterView, actions: CounterActions): void;
}
export declare class FloodingBot implements CounterBot {
  play(view: CounterView, actions: CounterActions): void;
}
export declare class BadOrderBot implements CounterBot {
  play(view: CounterView, actions: CounterActions): void;
}
export declare class FeedbackBot implements CounterBot {
  play(view: CounterView, actions: CounterActions): void;
}
export declare class SlowSetupBot implements CounterBot {
  setup(): void;
  play(): void;
}
export declare class EchoBot implements CounterBot {
  play(view: CounterView, actions: CounterActions): void;
}
export declare class ChattyBot implements CounterBot {
  play(view: CounterView, actions: CounterActions): void;
}
