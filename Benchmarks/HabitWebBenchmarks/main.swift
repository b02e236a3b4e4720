import Foundation

// The web app's Swift (HabitApp and the whole app's DataHost) run natively, message for message
// as Web/app.js sends them, to see where an import's time goes without the browser.
// Run: python3 Benchmarks/cli/make_loop_export.py /tmp/loop.zip 50 5 2026-11-22
//      swift run -c release HabitWebBenchmarks /tmp/loop.zip [runs]

let arguments = Array(CommandLine.arguments.dropFirst())
guard let path = arguments.first, let data = FileManager.default.contents(atPath: path) else {
  print("usage: HabitWebBenchmarks <Loop export .zip> [runs]")
  exit(2)
}
benchmarkWebImport(zip: Array(data), runs: arguments.dropFirst().first.flatMap { Int($0) } ?? 5)

func milliseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

func format(_ value: Double) -> String {
  String(Int((value * 10).rounded()) / 10) + "." + String(Int((value * 10).rounded()) % 10)
}
