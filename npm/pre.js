// Put before the module emscripten writes (--extern-pre-js). Emscripten 3.1.6 reads __dirname
// when it starts in Node, which an ES module does not have; the module holds its WebAssembly
// and reads no file, so any folder will do.
var __dirname = ".";
