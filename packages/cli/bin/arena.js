#!/usr/bin/env node
// The `arena` command. A checked-in launcher (not dist/bin.js itself) so the bin exists before
// the first build and package managers link it without a warning.
import "../dist/bin.js";
