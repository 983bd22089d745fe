/// StoryKitUI re-exports StoryKit (and through it MotionCore), so that one `import StoryKitUI`
/// gives a UIKit or SwiftUI file the front-ends, the models that configure them (`CubePager`,
/// its `Configuration`) and the motion core's values (`Point`, `SpringParameters`, `RGBAColor`).
/// None of their names collide with SwiftUI's (`Color`, `Path`, `Gradient`, `Scene`, `Spring`,
/// `EdgeInsets` stay SwiftUI's), after Lottie's `LottieColor` and NukeUI's re-exports.
@_exported import StoryKit
