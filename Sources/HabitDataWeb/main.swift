// The module has no entry point: the JS shell calls the exports in Bridge.swift.
