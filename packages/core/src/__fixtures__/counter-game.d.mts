import type { Bot, Engine } from "../engine";
import type { Rejection } from "../rejection";

export interface CounterConfig {
  rounds: number;
  turnBased: boolean;
  [key: string]: number | boolean;
}
export interface CounterOrder {
  unit: number;
  add: number;
  [key: string]: number;
}
export interface CounterView {
  me(): number;
  round(): number;
  score(player: number): number;
  lastDraw(): number;
  units(): number[];
  rejected(): readonly Rejection[];
}
export interface CounterActions {
  add(unit: number, k: number): boolean;
}
export declare class Null implements Bot<CounterView, CounterActions> {
  play(view: CounterView, actions: CounterActions): void;
}
export declare class Demo implements Bot<CounterView, CounterActions> {
  play(view: CounterView, actions: CounterActions): void;
}
export declare const engine: Engine<CounterConfig, CounterOrder, CounterView, CounterActions>;
